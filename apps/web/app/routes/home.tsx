export function meta() {
  return [{ title: 'Home' }]
}

export default function Home() {
  return <h1>Home</h1>
}

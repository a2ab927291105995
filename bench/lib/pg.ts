import pg from 'pg'

/** One PostgreSQL connection for a benchmark's own housekeeping (making and dropping its schema), then closed. */
export async function withPg<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** The value after a command-line option (`--duration 5` gives '5'), or undefined when absent. */
export function argument(name: `--${string}`): string | undefined {
  const index = process.argv.indexOf(name)
  return index >= 0 ? process.argv[index + 1] : undefined
}

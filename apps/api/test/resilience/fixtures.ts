/** What a request that needs the database answers while the database is unreachable. */
export const UNAVAILABLE = 'The service is temporarily unavailable, please try again later.'

/** A valid contact message: a write that needs the database. */
export const contact = {
  name: 'Jane Citizen',
  email: 'jane@example.com',
  phone: '03 5550 1234',
  message: 'Please call me about an arrow board for next week.',
}

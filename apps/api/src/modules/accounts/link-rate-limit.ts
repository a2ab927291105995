/** Endpoints a token from an emailed link opens: the tokens are unguessable, this only keeps scanners busy elsewhere. */
export const LINK_TOKEN_RATE_LIMIT = { max: 30, timeWindow: 15 * 60 * 1000 }

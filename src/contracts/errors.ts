/** DESIGN §4: the one shape of an API error. */
export interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

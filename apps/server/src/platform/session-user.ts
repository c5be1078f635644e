/** The authenticated caller of an HTTP request or socket, as the session token and database say. */
export interface SessionUser {
  id: string;
  name: string;
  isGuest: boolean;
}

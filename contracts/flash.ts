/**
 * A message carried to the next page after a plain form post (§2 "success messages travel to the next
 * screen"): the server shows it at the top of that page. The islands carry theirs in navigation state
 * and show a toast instead.
 */
export interface FlashMessage {
  kind: 'success' | 'error';
  message: string;
  /** Defaults to 'Success' / 'Error' (§8). */
  title?: string;
  /** The address carried to prefill the next card (sign-up → confirm → login). */
  username?: string;
}

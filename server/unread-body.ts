/**
 * A request answered before its body has all arrived (refused for its size, its type or its key) leaves the
 * rest of the body on the connection. @hono/node-server then reads and drops it for 500 ms at most and
 * closes the socket: on a busy process the client, told nothing, sends its next request on the closing
 * connection and gets no answer at all ("other side closed", npm run bench:reliability). Such an answer says
 * `Connection: close` (RFC 9112 §9.6), so the client reads it and opens a new connection for what follows.
 */
import type { IncomingMessage } from "node:http"

/** Whether the request's whole message (its body included) had arrived by the time it was answered. */
const arrivedWhole = (incoming: Pick<IncomingMessage, "complete" | "readableEnded">) =>
  incoming.complete || incoming.readableEnded

/** The answer, closing the connection after it when the request's body had not all arrived. */
export function closingWhenBodyUnread(
  response: Response,
  incoming: Pick<IncomingMessage, "complete" | "readableEnded"> | undefined,
): Response {
  if (!incoming || arrivedWhole(incoming)) return response
  const closing = new Response(response.body, response)
  closing.headers.set("connection", "close")
  return closing
}

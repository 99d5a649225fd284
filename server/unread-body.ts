/**
 * A request answered before its body has all arrived (refused for its size, its key, its rate) leaves the
 * rest of the body on the connection. @hono/node-server then reads and drops it for 500 ms at most and
 * closes the socket: on a busy process (a timer can fire before the waiting bytes are read) the client,
 * told nothing, sends its next request on the closing connection and gets no answer at all ("other side
 * closed", npm run bench:reliability). So the rest of a body within the limit is read before the answer
 * goes (a flood's refusals keep their connections), and an answer that leaves a body unread (one over the
 * limit, refused at its 64th KB) says `Connection: close` (RFC 9112 §9.6): the client reads it and opens a
 * new connection for what follows.
 */
import type { IncomingMessage } from "node:http"

type Incoming = Pick<IncomingMessage, "complete" | "readableEnded" | "headers">

/**
 * The answer, once the request's body is read or its connection set to close after the answer. Looks at
 * the Node request first: touching the fetch Request's body makes @hono/node-server build the whole
 * Request, which tripled a CORS preflight's CPU.
 */
export async function afterTheBody(
  request: Request,
  response: Response,
  incoming: Incoming | undefined,
  maxBodyBytes: number,
): Promise<Response> {
  // Read, or all arrived (what is left in the stream's buffer is dropped at once, keeping the connection).
  if (!incoming || incoming.readableEnded || incoming.complete) return response
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN)
  if (declared <= maxBodyBytes && !request.bodyUsed) {
    try {
      await request.arrayBuffer()
      return response
    } catch {
      // The client went away mid-body: nothing follows on its connection.
    }
  }
  const closing = new Response(response.body, response)
  closing.headers.set("connection", "close")
  return closing
}

/**
 * The office's alert channels, one line each: a channel is its file beside this one and its line here
 * (registry.ts puts them in an alert's order; notify/channel.ts says what a file declares).
 */
export { chat } from "./chat.ts"
export { email } from "./email.ts"
export { sms } from "./sms.ts"

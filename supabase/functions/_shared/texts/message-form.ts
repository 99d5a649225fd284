/**
 * A contact_messages row's form: a web contact message, a text from a number with no request stored
 * (a request of its own), or a text kept on an earlier request (its inbound_texts row names that request).
 * The SQL reads contact_messages as `m`.
 */
export const MESSAGE_FORM = `case when m.channel = 'web' then 'contact'
    when exists (select 1 from inbound_texts t where t.message_id = m.id
      and (t.lead_id is not null or t.contact_message_id is not null)) then 'text_reply'
    else 'text' end`

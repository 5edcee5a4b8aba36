import thread from './thread/schema';
import threadEvent from './thread-event/schema';
import threadMessage from './thread-message/schema';

// plugin::conversations.thread (table threads), .thread-message (thread_messages) and .thread-event
// (thread_events, the live stream's numbered events).
export default {
  thread: { schema: thread },
  'thread-message': { schema: threadMessage },
  'thread-event': { schema: threadEvent },
};

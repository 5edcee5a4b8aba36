import thread from './thread/schema';
import threadMessage from './thread-message/schema';

// plugin::conversations.thread (table threads) and plugin::conversations.thread-message (thread_messages).
export default {
  thread: { schema: thread },
  'thread-message': { schema: threadMessage },
};

import events from './events.service';
import notices from './notices.service';
import records from './records.service';
import replies from './replies.service';
import threads from './threads.service';

export default { events, notices, records, replies, threads };

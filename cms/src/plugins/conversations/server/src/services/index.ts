import events from './events.service';
import notices from './notices.service';
import records from './records.service';
import threads from './threads.service';

export default { events, notices, records, threads };

import events from './events.service';
import notices from './notices.service';
import threads from './threads.service';

export default { events, notices, threads };

import events from './events.service';
import threads from './threads.service';

export default { events, threads };

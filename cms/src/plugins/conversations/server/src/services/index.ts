import threads from './threads.service';

export default { threads };

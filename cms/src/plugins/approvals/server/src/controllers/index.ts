import queue from './queue.controller';

export default { queue };

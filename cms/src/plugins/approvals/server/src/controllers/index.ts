import audit from './audit.controller';
import queue from './queue.controller';

export default { audit, queue };

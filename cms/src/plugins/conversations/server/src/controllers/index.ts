import stream from './stream.controller';
import thread from './thread.controller';

export default { stream, thread };

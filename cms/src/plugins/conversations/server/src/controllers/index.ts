import thread from './thread.controller';

export default { thread };

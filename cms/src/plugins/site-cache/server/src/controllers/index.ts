import refresh from './refresh.controller';

export default { refresh };

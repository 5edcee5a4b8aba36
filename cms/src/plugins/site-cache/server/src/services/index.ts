import purge from './purge.service';
import refresh from './refresh.service';

export default { purge, refresh };

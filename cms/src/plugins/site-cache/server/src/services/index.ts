import refresh from './refresh.service';
import webhook from './webhook.service';

export default { refresh, webhook };

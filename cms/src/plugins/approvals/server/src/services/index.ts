import audit from './audit.service';
import workflow from './workflow.service';

export default { audit, workflow };

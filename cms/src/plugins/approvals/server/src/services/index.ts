import audit from './audit.service';
import notes from './notes.service';
import workflow from './workflow.service';

export default { audit, notes, workflow };

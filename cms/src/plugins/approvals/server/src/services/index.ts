import audit from './audit.service';
import deletions from './deletions.service';
import notes from './notes.service';
import workflow from './workflow.service';

export default { audit, deletions, notes, workflow };

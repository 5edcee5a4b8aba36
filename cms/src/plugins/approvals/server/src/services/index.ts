import workflow from './workflow.service';

export default { workflow };

import appointment from './appointment.controller';
import viewing from './viewing.controller';

export default { appointment, viewing };

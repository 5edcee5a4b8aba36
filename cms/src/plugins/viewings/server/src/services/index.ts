import appointment from './appointment.service';
import viewingMail from './viewing-mail.service';
import viewings from './viewings.service';

export default { appointment, viewings, 'viewing-mail': viewingMail };

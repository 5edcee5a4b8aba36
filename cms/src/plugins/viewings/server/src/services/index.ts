import appointment from './appointment.service';
import bookingRestriction from './booking-restriction.service';
import reminders from './reminders.service';
import viewingMail from './viewing-mail.service';
import viewings from './viewings.service';

export default {
  appointment,
  viewings,
  'viewing-mail': viewingMail,
  'booking-restriction': bookingRestriction,
  reminders,
};

import { publicContentRouter } from '../../../http/public-content-router';

// Public and read-only through the API; edited in the admin panel.
export default publicContentRouter('api::testimonial.testimonial', ['find', 'findOne']);

import { publicContentRouter } from '../../../http/public-content-router';

// Marketing copy is public and read-only through the API; it is edited in the admin panel.
export default publicContentRouter('api::home-page.home-page', ['find']);

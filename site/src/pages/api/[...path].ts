import type { APIRoute } from 'astro';
import { CMS_URL } from '../../lib/config';
import { proxyToCms } from '../../lib/proxy';

export const ALL: APIRoute = ({ request, clientAddress }) => proxyToCms(request, CMS_URL, clientAddress);

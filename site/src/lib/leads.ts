// The property page's WhatsApp and Call buttons (ContactButtons.astro) tell the cms a lead came that
// way. Plain DOM and no domain import (it would bring zod), so the page's JavaScript stays tiny.
import type { LeadChannel } from '@fie/domain';

export const LEADS_PATH = '/api/leads';

/**
 * Sends one lead without holding up the link: a beacon outlives the page the chat or dialler
 * replaces. A browser that refuses the beacon gets a keep-alive fetch instead. The body is JSON,
 * which the cms requires (a form from another site cannot pass as one without a CORS preflight).
 */
export function sendLead(propertyId: string, channel: LeadChannel): void {
  const body = JSON.stringify({ propertyId, channel });
  try {
    if (navigator.sendBeacon?.(LEADS_PATH, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A browser that refuses a JSON beacon throws; the fetch below does the same job.
  }
  void fetch(LEADS_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => {
    // A lost lead is a lost count, never a reason to stop the visitor reaching us.
  });
}

const CHANNELS: readonly string[] = ['whatsapp', 'call'] satisfies LeadChannel[];

/** Records a lead whenever a link marked `data-lead="whatsapp|call"` with `data-lead-property` is followed. */
export function trackLeads(root: Document = document): void {
  const follow = (event: MouseEvent) => {
    // The main button, or the middle one that opens the link in a new tab.
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-lead]');
    const channel = link?.dataset.lead;
    const propertyId = link?.dataset.leadProperty;
    if (!channel || !propertyId || !CHANNELS.includes(channel)) return;
    sendLead(propertyId, channel as LeadChannel);
  };
  root.addEventListener('click', follow);
  root.addEventListener('auxclick', follow);
}

import { useState } from 'react';
import { Alert, Box, Button, Flex, Typography } from '@strapi/design-system';
import { ArrowClockwise } from '@strapi/icons';
import { Layouts, Page, useFetchClient } from '@strapi/strapi/admin';
import { REFRESH_SITE } from '../permissions';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

function RefreshSite() {
  const { post } = useFetchClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function refresh() {
    setBusy(true);
    setOutcome(null);
    try {
      const { data } = await post<{ purged: number; message: string }>('/site-cache/refresh');
      setOutcome({ ok: true, message: data.message });
    } catch (error) {
      // The cms explains every refusal (no token, site down, no permission) in the error's message.
      setOutcome({
        ok: false,
        message: error instanceof Error ? error.message : 'The public site could not be refreshed.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page.Main>
      <Page.Title>Refresh the public site</Page.Title>
      <Layouts.Header
        title="Refresh the public site"
        subtitle="Published changes reach the site by themselves within a minute. Refresh it now when a page still shows old content."
      />
      <Layouts.Content>
        <Box background="neutral0" hasRadius shadow="filterShadow" padding={6}>
          <Flex direction="column" alignItems="stretch" gap={4}>
            <Typography variant="omega" textColor="neutral800">
              The site keeps every page it has shown for a short while, so visitors get it fast. Refreshing
              empties that store: each page is rendered again from the current content on its next visit.
            </Typography>
            <Box>
              <Button startIcon={<ArrowClockwise />} onClick={refresh} loading={busy} size="L">
                Refresh the public site now
              </Button>
            </Box>
            {outcome && (
              <Alert
                variant={outcome.ok ? 'success' : 'danger'}
                title={outcome.ok ? 'Done' : 'Not refreshed'}
                closeLabel="Close"
                onClose={() => setOutcome(null)}
              >
                {outcome.message}
              </Alert>
            )}
          </Flex>
        </Box>
      </Layouts.Content>
    </Page.Main>
  );
}

export default function RefreshSitePage() {
  return (
    <Page.Protect permissions={REFRESH_SITE}>
      <RefreshSite />
    </Page.Protect>
  );
}

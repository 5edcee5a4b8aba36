// A bounded whole-number field, apart from the other field builders: the rule modules that use it are
// imported by the messages, which those builders import in turn.
import { z } from 'zod';

/** A whole number from `min` to `max`; every way it can be wrong gets the same message naming the field. */
export function boundedWholeNumber({ min, max, label }: { min: number; max: number; label: string }) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

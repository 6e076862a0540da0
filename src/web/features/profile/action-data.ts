import type { SubmissionResult } from '@conform-to/react';
import type { ProfileIntent } from '../../../contracts/profile';

/** What the profile page's action answers, for each of its forms. */
export interface ProfileActionData {
  intent: ProfileIntent;
  ok: boolean;
  /** Conform's reply: field messages (keys) and the values to show again. */
  result: SubmissionResult<string[]>;
}

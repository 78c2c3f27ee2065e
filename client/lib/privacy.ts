import type { PrivacyLevel } from '@common/constants';

const PRIVACY_LABELS: Record<PrivacyLevel, string> = {
  public: 'Public profile',
  selective: 'Selective profile',
  private: 'Private profile',
};

/** The label shown for a profile's privacy level; public when the level is missing (SPEC §3). */
export function privacyLabel(level: PrivacyLevel | null | undefined): string {
  return PRIVACY_LABELS[level ?? 'public'] ?? PRIVACY_LABELS.public;
}

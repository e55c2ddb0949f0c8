import type { Language } from '../../shared/Language';
import type { ThemeColors } from '../../shared/ThemeColors';
import type { OrderProfileName } from './orderProfiles';

/** The password of both demo accounts. */
export const DEMO_PASSWORD = 'cockpit-demo';

export interface DemoTenant {
  name: string;
  /** Prefix of the tenant's order numbers, as in `AN-2026-000123`. */
  orderPrefix: string;
  profile: OrderProfileName;
  user: { email: string; name: string; language: Language; theme: ThemeColors };
}

/** The tenants created on first start, each with one operator. */
export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    name: 'Autohaus Nord',
    orderPrefix: 'AN',
    profile: 'german',
    user: {
      email: 'disponent@autohaus-nord.example',
      name: 'Dana Brandt',
      language: 'de',
      theme: { color1: '#0b3d91', color2: '#1f6feb', color3: '#d9480f' },
    },
  },
  {
    name: 'City Fleet Rentals',
    orderPrefix: 'CF',
    profile: 'british',
    user: { email: 'operator@cityfleet.example', name: 'Olivia Carter', language: 'en', theme: {} },
  },
];

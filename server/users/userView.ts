import type { ThemeColors } from '../../shared/ThemeColors';
import type { User } from '../../shared/User';
import type { UserRecord } from './UserRepository';

/** A stored user in the wire shape of `user`; the tenant's colours not set are left out of `theme`. */
export function userView(record: UserRecord): User {
  const theme: ThemeColors = {};
  if (record.theme_color1 !== null) theme.color1 = record.theme_color1;
  if (record.theme_color2 !== null) theme.color2 = record.theme_color2;
  if (record.theme_color3 !== null) theme.color3 = record.theme_color3;
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    language: record.language,
    colorScheme: record.color_scheme,
    role: record.role,
    tenant: { id: record.tenant_id, name: record.tenant_name },
    theme,
  };
}

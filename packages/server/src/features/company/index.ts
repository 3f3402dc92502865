/** The company's own facts: its settings, its bank account, whether it is still being set up. Its face: other features use it through these alone, never through its files. */
export { getBankDetails } from './bankDetails';
export { companySettingUp, SETTING_UP_WORDS, withoutPlaceholderContacts } from './settingUp';
export { companySettingsColumn, companySettingsOf, ensureCompanySettings, getCompanySettings, locationProblem, lockedCompanySettings } from './settings';

// Strings of the shared components that only lazy screens use (pagination): they load with the first screen
// that imports such a component, keeping the start-up bundle inside its budget.
import { i18n } from '@/i18n';
import bn from './bn.json';
import en from './en.json';

i18n.addResourceBundle('bn', 'translation', bn, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

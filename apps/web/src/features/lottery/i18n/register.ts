// The lottery's strings travel with the lazy lottery pages, not with the start-up bundle. Importing this module adds
// them to every language's catalogue once, under `lottery`.
import { i18n } from '@/i18n';
import bn from './bn.json';
import en from './en.json';

i18n.addResourceBundle('bn', 'translation', bn, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

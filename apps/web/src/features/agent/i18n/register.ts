// The agent centre's strings travel with its chunk, not with the start-up bundle (as the wallet's do).
import { i18n } from '@/i18n';
import bn from './bn.json';
import en from './en.json';

i18n.addResourceBundle('bn', 'translation', bn, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

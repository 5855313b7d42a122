import { bootstrapApplication } from '@angular/platform-browser';
import 'immo-elements/define';
import { Search } from './search';

bootstrapApplication(Search).catch((e) => console.error(e));

// Registers every element of immo-elements: the package's all-in-one side-effect module.
import './elements/geo-autocomplete/define.js';
import './elements/contact-realtor/define.js';
import './elements/region-stats/define.js';
import './elements/property-text/define.js';
import './elements/project-picker/define.js';

import type { PageLoad } from './$types';

export const load: PageLoad = ({ url }) => ({ ort: url.searchParams.get('ort') ?? '' });

import { Ready } from './ready';
import { Search } from './search';

export default function Home() {
  return (
    <main>
      <h1>Wohnungssuche</h1>
      <Search />
      <Ready />
    </main>
  );
}

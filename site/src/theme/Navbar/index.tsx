import Original from '@theme-original/Navbar';
import { hydratedApart } from '../../components/DeferredHydration';

export default hydratedApart(Original);

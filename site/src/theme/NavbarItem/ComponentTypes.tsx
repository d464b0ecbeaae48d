import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AccountNavbarItem from '../../components/AccountNavbarItem';

/** Adds `custom-account`: "Sign in", or the account button with the address and "Sign out". */
export default {
  ...ComponentTypes,
  'custom-account': AccountNavbarItem,
};

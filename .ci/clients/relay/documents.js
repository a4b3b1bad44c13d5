// The documents Relay's compiler turns into generated/relay/*.graphql.js and registers in
// generated/persisted_queries.json (relay.config.json). Never run: the artifacts are.
import { graphql } from 'relay-runtime';

graphql`
  query documentsUsersQuery($max: Int) {
    users(maxResultCount: $max) {
      totalCount
      items {
        userName
        roles {
          name
          displayName
        }
      }
    }
  }
`;

graphql`
  query documentsUnitsQuery {
    organizationUnits {
      code
      displayName
      parentId
    }
  }
`;

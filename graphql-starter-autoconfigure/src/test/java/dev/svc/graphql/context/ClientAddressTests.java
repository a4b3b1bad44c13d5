package dev.svc.graphql.context;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Only IP literals count as a client's address, whatever a forwarded header put there,
 * and no name is looked up.
 */
class ClientAddressTests {

	@Test
	void shouldTakeIpLiterals() {
		assertThat(ClientAddress.literal("203.0.113.7")).isEqualTo("203.0.113.7");
		assertThat(ClientAddress.literal("2001:db8::1")).isEqualTo("2001:db8:0:0:0:0:0:1");
		assertThat(ClientAddress.literal("::1")).isEqualTo("0:0:0:0:0:0:0:1");
	}

	@Test
	void shouldRefuseWhatIsNoIpLiteral() {
		assertThat(ClientAddress.literal("<script>alert(1)</script>")).isNull();
		assertThat(ClientAddress.literal("evil.example")).isNull();
		assertThat(ClientAddress.literal("203.0.113.7, 198.51.100.1")).isNull();
		assertThat(ClientAddress.literal("256.1.1.1")).isNull();
		assertThat(ClientAddress.literal("1.2.3")).isNull();
		assertThat(ClientAddress.literal("dead:beef:zz::1")).isNull();
		assertThat(ClientAddress.literal("")).isNull();
		assertThat(ClientAddress.literal(null)).isNull();
	}

	@Test
	void shouldCountAnIpv6ClientByItsSlash64() {
		assertThat(ClientAddress.network("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).isEqualTo("2001:db8:1:2:0:0:0:0/64");
		assertThat(ClientAddress.network("2001:db8:1:2:1::9")).isEqualTo(ClientAddress.network("2001:db8:1:2::7"));
		assertThat(ClientAddress.network("203.0.113.7")).isEqualTo("203.0.113.7");
	}

}
